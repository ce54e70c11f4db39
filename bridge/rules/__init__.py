"""Pure rules of Star Trek Adventures 1st edition: dice, task rolls, odds, challenge dice.

Nothing in this package imports Qt or holds game state; every function takes its
dice from an injected :class:`~bridge.rules.dice.Dice` source.
"""
