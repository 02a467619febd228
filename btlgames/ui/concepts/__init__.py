"""The concept notebooks' widgets: the science of each game explored without playing it."""
