"""The ``learned`` player: a small policy and value network trained by imitation of ``hard``
(``scripts/train_learned.py``), whose weights ship in this package (``weights.npz``) and whose play needs only
NumPy (the ``bots`` extra). :mod:`.features` turns a decision into numbers (the same code for training and
play), :mod:`.model` evaluates the network, :mod:`.agent` plays. See docs/bots.md, "Learned player".

May import the other agents' modules (the card memory), the engine and the layers below, and NumPy; never the
environment (``canasta.env``) nor PyTorch.
"""
