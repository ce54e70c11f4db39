"""Network play: the GM's machine hosts the battle, players' stations join over the LAN.

Pure Python (no Qt): the protocol (:mod:`bridge.net.protocol`), the seat plan
(:mod:`bridge.net.seats`), the rate limits (:mod:`bridge.net.limits`), the host
(:mod:`bridge.net.host`, made of its connections :mod:`bridge.net.connections`, its
answers to clients :mod:`bridge.net.client_requests` and its fan-out of updates
:mod:`bridge.net.fanout`) and the client (:mod:`bridge.net.client`). What each seat
may see is :mod:`bridge.seatview`, which the GM's own windows read too.
"""
