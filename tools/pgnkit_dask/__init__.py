"""pgnkit-dask's package: the driver behind tools/pgnkit-dask (see its docstring)."""
