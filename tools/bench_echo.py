"""A bare Starlette app: sockets join a group, and POST /push/{group} sends a message to every socket in it.
`make bench` measures it beside Ironbottom's push, as the floor any websocket fan-out stands on."""
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute

groups: dict[str, set] = {}


async def socket(ws):
    await ws.accept()
    group = ws.path_params["group"]
    groups.setdefault(group, set()).add(ws)
    try:
        while True:
            await ws.send_text(await ws.receive_text())  # echo
    except Exception:
        pass
    finally:
        groups[group].discard(ws)


async def push(request):
    group = request.path_params["group"]
    for ws in list(groups.get(group, ())):
        await ws.send_text("<div id='status'>pushed</div>")
    return PlainTextResponse("ok")


async def broadcast(request):
    """Send the request's body, as text, to every socket in the group (the bare floor under a spectator storm)."""
    text = (await request.body()).decode()
    for ws in list(groups.get(request.path_params["group"], ())):
        await ws.send_text(text)
    return PlainTextResponse("ok")


async def ready(request):
    return PlainTextResponse("ok")


app = Starlette(routes=[WebSocketRoute("/ws/{group}", socket), Route("/push/{group}", push, methods=["POST"]),
                        Route("/broadcast/{group}", broadcast, methods=["POST"]),
                        Route("/signin", ready)])
