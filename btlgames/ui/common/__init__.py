"""What every app shares: widgets and their helpers, static assets (the focus ring), seats'
colours and symbols, notebook prose, the lesson clock. Imports the core and the science only."""
