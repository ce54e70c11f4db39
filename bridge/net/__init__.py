"""Network play: the GM's machine hosts the battle, players' stations join over the LAN.

Pure Python (no Qt): the protocol (:mod:`bridge.net.protocol`), what each seat may see
(:mod:`bridge.net.views`), the seat plan (:mod:`bridge.net.seats`), the host
(:mod:`bridge.net.host`) and the client (:mod:`bridge.net.client`).
"""
