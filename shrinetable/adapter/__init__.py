"""Between the table and the engine: gestures become actions, seats become
players (human or computer), and a session keeps history for undo and saves.
Nothing here decides legality; it only asks the engine."""
