"""Bridge's measuring tools: benchmarks, stress runs, hostile input and a playing bot.

Not part of the product: no product module imports this package (an import contract
says so), and the frozen app leaves it out. Its one face is the ``bridge bench`` and
``bridge stress`` commands (:mod:`bridge.bench.commands`), which the ``bridge`` command
finds through the ``bridge.tools`` entry points.
"""
