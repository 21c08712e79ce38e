"""Clerk web console and Open311 GeoReport v2 API (FastAPI, server-rendered Jinja2 templates).

`bot.console.app.create_app(settings)` builds the application; `python -m bot.console` serves it and
manages accounts. Nothing here runs at import time.
"""
