"""The kit's pages around the apps: the launcher, the lesson pages, their templates and what the
templates call. Plain Python (no ipywidgets, no Voilà), shared by the server and the static site."""
