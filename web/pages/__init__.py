"""The pages on the web: a game's (live, then its replay and review), a tournament's, a
player's and a server's leaderboard, each at an address signed by `bot.services.pages`."""
