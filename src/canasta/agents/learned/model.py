"""The learned player's network, evaluated by hand with NumPy (no PyTorch at play time).

A decision's state features (:data:`~canasta.agents.learned.features.STATE_SIZE` floats) pass through two dense
layers with ReLU (the *trunk*, ``hidden`` units each); each legal move's features
(:data:`~canasta.agents.learned.features.MOVE_SIZE` floats) are joined to the trunk's output and pass through one
dense ReLU layer (``move_hidden`` units) and a linear unit: the move's logit. The policy is the softmax of the
legal moves' logits. A linear unit on the trunk gives the *value*: the side's expected deal margin (own side's
deal score minus the best other side's) in thousands of points.

The weights are a ``.npz`` file of float32 arrays: ``w1 b1 w2 b2`` (trunk), ``ws wa bm`` (move layer: state and
move parts), ``wo bo`` (logit), ``wv bv`` (value), and ``version`` (the features' version they were trained on).
The training script (``scripts/train_learned.py``) writes it from its PyTorch model with the same names.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

from canasta.agents.learned.features import FEATURES_VERSION, MOVE_SIZE, STATE_SIZE

WEIGHTS_PATH = Path(__file__).with_name("weights.npz")
"""The weights shipped with the package."""

PARAMETERS = ("w1", "b1", "w2", "b2", "ws", "wa", "bm", "wo", "bo", "wv", "bv")
"""The arrays of a weights file, in order."""

FloatArray = npt.NDArray[np.float32]


class PolicyValueNet:
    """The network's weights and its forward pass (see the module's docstring).

    Args:
        arrays: name -> float32 array, the names of :data:`PARAMETERS` (``w*`` of shape (inputs, outputs)).

    Raises:
        ValueError: an array is missing or its shape does not fit the features (weights of another version).
    """

    def __init__(self, arrays: dict[str, FloatArray]):
        missing = [name for name in PARAMETERS if name not in arrays]
        if missing:
            raise ValueError(f"the learned player's weights lack {', '.join(missing)}")
        p = {name: np.asarray(arrays[name], dtype=np.float32) for name in PARAMETERS}
        if p["w1"].shape[0] != STATE_SIZE or p["wa"].shape[0] != MOVE_SIZE:
            raise ValueError(f"the learned player's weights expect {p['w1'].shape[0]} state and {p['wa'].shape[0]} "
                             f"move features; this version computes {STATE_SIZE} and {MOVE_SIZE}")
        self.w1, self.b1, self.w2, self.b2 = p["w1"], p["b1"], p["w2"], p["b2"]
        self.ws, self.wa, self.bm = p["ws"], p["wa"], p["bm"]
        self.wo, self.bo, self.wv, self.bv = p["wo"], p["bo"], p["wv"], p["bv"]

    @classmethod
    def load(cls, path: Path | str = WEIGHTS_PATH) -> PolicyValueNet:
        """The network stored at ``path`` (default: the shipped weights).

        Raises:
            ValueError: the file is not a weights file of this feature version (the message says why).
        """
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError) as e:
            raise ValueError(f"cannot read the learned player's weights {path}: {e}") from None
        version = int(arrays.pop("version", np.zeros(1))[()]) if "version" in arrays else 0
        if version != FEATURES_VERSION:
            raise ValueError(f"the weights {path} were trained on features version {version}, "
                             f"this code computes version {FEATURES_VERSION}")
        return cls(arrays)

    def trunk(self, state: FloatArray) -> FloatArray:
        """The trunk's output for one state vector (``hidden`` floats)."""
        h = np.maximum(state @ self.w1 + self.b1, 0.0)
        return np.maximum(h @ self.w2 + self.b2, 0.0)

    def logits(self, state: FloatArray, moves: FloatArray) -> FloatArray:
        """One logit per row of ``moves`` (shape (n, MOVE_SIZE)) in the state ``state``."""
        h = self.trunk(state)
        z = np.maximum(moves @ self.wa + (h @ self.ws + self.bm), 0.0)
        return (z @ self.wo + self.bo).reshape(-1)

    def value(self, state: FloatArray) -> float:
        """The side's expected deal margin in thousands of points, in the state ``state``."""
        return float((self.trunk(state) @ self.wv + self.bv).reshape(-1)[0])
