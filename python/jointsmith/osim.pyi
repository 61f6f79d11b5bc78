# jointsmith.osim (compiled: python/src/bind_osim.cpp)
from typing import Any, Dict, Optional, Tuple, Union

from ._core import Joint

def export_joint(joint: Union[Joint, str], output: str, *, tolerance: float = 1e-5, angle_tolerance: float = 1e-4,
                 spline: str = "simm", range: Optional[Tuple[float, float]] = None, name: str = "",
                 parent: str = "parent", child: str = "child") -> Dict[str, Any]: ...
def import_joint(model: str, *, joint: str = "", coordinate: str = "", output: Optional[str] = None,
                 samples: int = 101, range: Optional[Tuple[float, float]] = None, driven: bool = False,
                 fit: Optional[str] = None, frames: int = 0) -> Dict[str, Any]: ...
