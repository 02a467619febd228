"""The apps and the pages around them, in rooms (CONTRIBUTING.md says what each may import):

    common/    widgets and their helpers, static assets, seats, prose, the lesson clock
    app/       the generic game app, its table widget, the renderer contract
    games/     one renderer per game; the only place that builds a game's app
    concepts/  the concept notebooks' widgets
    lab/       the rule-and-strategy lab for every game
    debrief/   Research Programme's debrief, built from a game's log
    pages/     the launcher, lesson pages, templates (no ipywidgets, no Voilà)
    serve/     the kit's Voilà server
    site/      the static in-browser site

Notebooks call one function per section, e.g. ``btlgames.ui.games.pentaquark.play()``.
"""
