// Cassowary
