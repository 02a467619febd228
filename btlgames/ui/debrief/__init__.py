"""Research Programme's debrief, built from a game's log: the notebook's document view
(``document``) and the projector's one-question-a-screen presenter (``screens``)."""
