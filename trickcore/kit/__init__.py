"""The trick-taking kit: what every trick-taking game shares (DESIGN 4a); games import from here."""
