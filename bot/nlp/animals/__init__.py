"""Which animal a message names: the species tables (English, Spanish) and the context that makes a word one."""
