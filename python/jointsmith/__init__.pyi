from . import osim as osim
from ._core import (Coordinate as Coordinate, Error as Error, FileError as FileError, Joint as Joint,
                    OsimError as OsimError, SampleError as SampleError, Scene as Scene, fit as fit,
                    fit_file as fit_file, read_samples as read_samples)
