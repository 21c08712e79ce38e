"""Understanding residents: the animal taxonomy, street lists and our own spaCy pipeline.

Nothing here imports Rasa; `integrations.nlu_components` wraps it for the Rasa pipeline.
"""
