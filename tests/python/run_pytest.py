"""Runs pytest on the arguments; exits 77 (CTest's skip) with a message where pytest is not
installed, so that the suite passes there and says why."""
import sys


def main():
    try:
        import pytest
    except ImportError:
        print("skipped: pytest is not installed (Debian: python3-pytest; cmake/deps.sh installs it)")
        return 77
    return int(pytest.main(sys.argv[1:]))


# Guarded: the processes of a Dask LocalCluster start by importing this main module again.
if __name__ == "__main__":
    sys.exit(main())
