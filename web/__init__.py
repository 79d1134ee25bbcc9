"""The bot's HTTP server and what it serves: the pages on the web (`web.pages`), and the
operators' health checks and metrics. No Discord here: the pages read the services."""
