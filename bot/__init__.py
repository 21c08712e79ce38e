"""Animal complaint intake: the domain core (no Rasa imports here)."""
