# type stubs of the compiled module (python/src/*.cpp); docstrings live in the module (help(jointsmith.fit)).
from typing import Any, Callable, Dict, List, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import osim as osim

ArrayLike = npt.ArrayLike
FloatArray = npt.NDArray[np.float64]
Report = Dict[str, Any]

class Error(RuntimeError): ...

class FileError(Error):
    source: str
    path: str
    line: int
    column: int
    kind: str

class SampleError(Error):
    file: str
    line: int
    column: int
    kind: str

class OsimError(Error):
    file: str
    line: int
    kind: str

class Coordinate:
    @property
    def name(self) -> str: ...
    @property
    def min(self) -> float: ...
    @property
    def max(self) -> float: ...
    @property
    def range(self) -> Tuple[float, float]: ...
    @property
    def unit(self) -> Literal["rad", "m"]: ...
    @property
    def locked(self) -> bool: ...

class Joint:
    @staticmethod
    def load(path: str) -> Joint: ...
    @staticmethod
    def from_json(text: str) -> Joint: ...
    def save(self, path: str) -> None: ...
    def to_json(self) -> str: ...
    def eval(self, q: Union[float, ArrayLike]) -> Tuple[FloatArray, FloatArray, FloatArray]: ...
    @property
    def dof(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def coordinates(self) -> List[Coordinate]: ...
    def check(self, length_scale: float = 1.0, samples: int = 2000) -> Dict[str, Any]: ...

Frames = Union[Literal["auto"], int, str, Tuple[int, ...]]
Smooth = Union[Literal["auto"], float]
Progress = Callable[[Dict[str, float]], Optional[bool]]

def fit(q: Optional[ArrayLike], R: ArrayLike, p: ArrayLike, *, weights: Optional[ArrayLike] = None,
        frames: Frames = "auto", smooth: Smooth = "auto", order: int = 4, closed: bool = False,
        method: Literal["gauss-newton", "paper"] = "gauss-newton", length_scale: float = 0.05, huber: float = 0.0,
        max_iterations: int = 100, cv: Literal["gcv", "kfold"] = "gcv", reorthonormalize: bool = False,
        progress: Optional[Progress] = None) -> Tuple[Joint, Report]: ...
def fit_file(path: str, *, frames: Frames = "auto", smooth: Smooth = "auto", order: int = 4, closed: bool = False,
             method: Literal["gauss-newton", "paper"] = "gauss-newton", length_scale: float = 0.05, huber: float = 0.0,
             max_iterations: int = 100, cv: Literal["gcv", "kfold"] = "gcv", reorthonormalize: bool = False,
             progress: Optional[Progress] = None) -> Tuple[Joint, Report]: ...
def read_samples(path: str, *, reorthonormalize: bool = False
                 ) -> Tuple[Optional[FloatArray], FloatArray, FloatArray, FloatArray]: ...

class Scene:
    @staticmethod
    def load(path: str) -> Scene: ...
    @property
    def coordinates(self) -> List[str]: ...
    @property
    def bodies(self) -> List[str]: ...
    @property
    def initial_q(self) -> FloatArray: ...
    @property
    def dt(self) -> float: ...
    @property
    def duration(self) -> float: ...
    def simulate(self, duration: Optional[float] = None, dt: Optional[float] = None,
                 integrator: Optional[Literal["euler", "symplectic", "rk4"]] = None, *, every: int = 1,
                 solver: Optional[Literal["reduced", "maximal"]] = None) -> np.ndarray: ...
    def ik(self, body: str, point: ArrayLike, target: ArrayLike, *, tolerance: float = 1e-10,
           max_iterations: int = 200, restarts: int = 8) -> Dict[str, Any]: ...
