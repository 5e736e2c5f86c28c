"""EGN ("Euchre Game Notation", JSON) and EMN (a match of EGN games): read and write."""
