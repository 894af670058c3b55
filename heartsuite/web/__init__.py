"""The web app: an ASGI server (FastAPI on uvicorn) that runs the engines and serves the pages.

`heartsuite.web.app.create_app(data_dir)` builds it; `heartsuite serve` runs it.
"""
