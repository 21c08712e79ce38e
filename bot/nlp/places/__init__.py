"""Where a message says it happened, where the animal lives, where it went: one module per kind of place read."""
