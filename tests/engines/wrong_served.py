"""``stud8 serve`` with a wrong engine behind it: the show order reversed in hands whose deck
starts with the ace of spades (fuzz_engines.reversed_show_order_rarely), digests included
(tests/test_fuzz_protocol.py)."""


from _common import requests, send, server
from fuzz_engines import reversed_show_order_rarely

engine = server()
engine.engine = reversed_show_order_rarely()
for request in requests():
    send(engine.handle(request))
