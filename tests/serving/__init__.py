"""Real servers: gunicorn instances and `make serve`."""
