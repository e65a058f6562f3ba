"""pgnkit's pip build: the module pgnkit._pgnkit comes from CMake, the rest from pyproject.toml.

build_ext configures the whole repository in its own build directory (the tests, the fuzz runs
and the sanitizer tree off; Release), builds only the module's targets, and puts the built
_pgnkit*.so into the wheel's pgnkit/ beside python/pgnkit/*.py. The interpreter running pip
is the one the module is built for.

Environment: PGNKIT_CMAKE_ARGS (more -D options, split on white space), CMAKE_BUILD_PARALLEL_LEVEL
(default: every CPU). ccache is used when it is installed (its CCACHE_* variables apply).
"""

import glob
import os
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
# setuptools' outputs (build/lib.*, build/temp.*, pgnkit.egg-info), kept apart from CMake's
# usual build/ tree: build-pip/ (ignored by git as /build-*/).
BUILD_BASE = "build-pip"


class CMakeExtension(Extension):
    """An extension CMake builds: `target` of the repository's CMakeLists.txt."""

    def __init__(self, name, target):
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        if not isinstance(ext, CMakeExtension):
            return super().build_extension(ext)
        cmake = shutil.which("cmake")
        if cmake is None:
            raise RuntimeError("pgnkit: cmake is needed to build the module (apt-get install cmake)")
        build_dir = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        os.makedirs(build_dir, exist_ok=True)
        configure = [
            cmake, "-S", ROOT, "-B", build_dir,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DPGNKIT_TESTS=OFF",
            "-DPGNKIT_SANITIZE_TESTS=OFF",
            "-DPGNKIT_FUZZ_TESTS=OFF",
            "-DPGNKIT_PYTHON=ON",
            f"-DPGNKIT_PYTHON3={sys.executable}",
        ]
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        configure += shlex.split(os.environ.get("PGNKIT_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        # CMake leaves the module out, with a message, where python3-dev or pybind11-dev is absent.
        if not os.path.isdir(os.path.join(build_dir, "python", "CMakeFiles", "pgnkit_python.dir")):
            raise RuntimeError("pgnkit: CMake did not configure the Python module "
                               "(it needs python3-dev and pybind11-dev: cmake/deps.sh)")
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run([cmake, "--build", build_dir, "--parallel", jobs,
                        "--target", ext.target, "pgnkit_python_files"], check=True)
        built = glob.glob(os.path.join(build_dir, "python", "pgnkit", "_pgnkit*.so"))
        if len(built) != 1:
            raise RuntimeError(f"pgnkit: expected one _pgnkit*.so after the build, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)
        shutil.copymode(built[0], target)


os.makedirs(os.path.join(ROOT, BUILD_BASE), exist_ok=True)
setup(
    ext_modules=[CMakeExtension("pgnkit._pgnkit", target="pgnkit_python")],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": BUILD_BASE}, "egg_info": {"egg_base": BUILD_BASE}},
)
