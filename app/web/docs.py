"""The API's documentation page, /docs: Swagger UI 5 served from this server (the files of the fastapi-swagger
package, whose function we do not use: its page has an inline script), never from a CDN, so it works offline and
under the Content-Security-Policy (its start-up script is a file, not inline). Swagger UI 4 cannot read an OpenAPI 3.1
document, which FastAPI writes ("does not specify a valid version field": the page listed no operation). Also the
site's icon at /favicon.ico."""
from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, FastAPI
from fastapi.staticfiles import StaticFiles

from app.web.responses import HTMLResponse, Response

router = APIRouter(include_in_schema=False)

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Ironbottom API</title>
  <link rel="icon" href="/favicon.ico">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"><p>The API schema is at <a href="/openapi.json">/openapi.json</a>.</p></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>"""

INIT = """window.ui = SwaggerUIBundle({
  url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis], layout: "BaseLayout"
});"""

# A round shell splash on the sea: the site's icon, drawn here so no binary file is needed.
ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d3557"/>
<circle cx="16" cy="16" r="7" fill="none" stroke="#f1faee" stroke-width="3"/><circle cx="16" cy="16" r="2" fill="#e63946"/></svg>"""


def swagger_assets() -> str | None:
    """The folder of Swagger UI's files (swagger-ui-bundle.js, swagger-ui.css), or None without the package (the page
    then still links the schema)."""
    try:
        folder = resources.files("fastapi_swagger") / "resources"
    except ModuleNotFoundError:
        return None
    return str(folder)


def mount(app: FastAPI) -> None:
    assets = swagger_assets()
    if assets:
        app.mount("/docs/assets", StaticFiles(directory=assets), name="swagger-ui")
    app.include_router(router)


@router.get("/docs", response_class=HTMLResponse)
def docs_page() -> HTMLResponse:
    return HTMLResponse(PAGE)


@router.get("/docs/init.js")
def docs_init() -> Response:
    return Response(INIT, media_type="text/javascript")


@router.get("/favicon.ico")
def favicon() -> Response:
    return Response(ICON, media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"})
