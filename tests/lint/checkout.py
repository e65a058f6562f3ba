"""What the lint checks share: the CTest skip code, and the checks that skip when a tool is
missing or the source directory is not a git checkout (each with a message saying why)."""
import os
import shutil
import subprocess

SKIP = 77  # CTest's SKIP_RETURN_CODE for these tests


def git(source_dir, *args):
    """The output lines of a git command, or None when it fails."""
    run = subprocess.run(["git", "-C", source_dir, *args], capture_output=True, text=True,
                         check=False)
    return run.stdout.splitlines() if run.returncode == 0 else None


def why_skipped(source_dir, tool_name, tool):
    """A message when the check cannot run here (no git, no `tool`, not a checkout), else None.

    tool_name is what the user would install (clang-format, clang-tidy); tool its path or None.
    """
    if not shutil.which("git"):
        return "skipped: git is not installed"
    if not tool:
        return f"skipped: {tool_name} is not installed (bash cmake/deps.sh installs it)"
    top = git(source_dir, "rev-parse", "--show-toplevel")
    if not top or os.path.realpath(top[0]) != os.path.realpath(source_dir):
        return f"skipped: {source_dir} is not a git checkout, so it has no list of tracked files"
    return None


def tracked_sources(source_dir):
    """The tracked .cpp and .h files, relative to source_dir."""
    return [f for f in git(source_dir, "ls-files", "*.cpp", "*.h") or [] if f]
