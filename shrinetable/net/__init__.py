"""Play across computers: a host runs the match, remote tables join over WebSocket.

`protocol` is the message format (pydantic models checked at both ends),
`host` the authority (it runs the match and sends each table only its seat's
view and events), `client` a remote table's connection and the headless bots.
No pygame here: the window drives these like any other caller.
"""
