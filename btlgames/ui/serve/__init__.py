"""The kit's Voilà server: ``server`` starts it (``python -m btlgames.ui.serve``), ``voila_app``
is Voilà as the kit runs it (imported only inside the server's process)."""
