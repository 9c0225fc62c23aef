"""docs/python.md works as written: every ```python block runs, in order, in one namespace and in a temporary working
directory, as the cells of a notebook would. Blocks marked ```python no-run (they depend on the machine) are
shown but skipped; an error fails with the page's line."""

import os
import re
import traceback

import pytest

from conftest import REPO

PAGE = os.path.join(REPO, "docs", "python.md")
README = os.path.join(REPO, "README.md")
FENCE = re.compile(r"^```(.*)$")
RUN, SKIP = "python", ("python no-run",)


def python_blocks(path):
    """The page's fenced blocks whose info string starts with python: (first code line, info string, code)."""
    blocks, info, start, code = [], None, 0, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fence = FENCE.match(line.rstrip("\n"))
            if info is None and fence:
                info, start, code = fence.group(1).strip(), number + 1, []
            elif info is not None and line.rstrip() == "```":
                if info.split(" ")[0] == "python":
                    blocks.append((start, info, "".join(code)))
                info = None
            elif info is not None:
                code.append(line)
    if info is not None:
        raise AssertionError(f"{path}:{start - 1}: a code block is never closed")
    return blocks


def run_blocks(path, namespace):
    """Runs the page's ```python blocks in order in ``namespace``; returns how many ran. An unknown marker or an
    error raises AssertionError naming the page and line."""
    ran = 0
    for start, info, code in python_blocks(path):
        if info in SKIP:
            continue
        if info != RUN:
            raise AssertionError(f"{path}:{start - 1}: unknown block marker '{info}' (use python or python no-run)")
        compiled = compile("\n" * (start - 1) + code, path, "exec")  # tracebacks give the page's own line numbers
        try:
            exec(compiled, namespace)
        except Exception as e:  # noqa: BLE001 - any error of a block fails the page
            lines = [f.lineno for f in traceback.extract_tb(e.__traceback__) if f.filename == path]
            where = lines[-1] if lines else start
            raise AssertionError(f"{path}:{where}: the block at line {start - 1} fails: {type(e).__name__}: {e}\n"
                                 + "".join(traceback.format_exception(type(e), e, e.__traceback__))) from None
        ran += 1
    return ran


def test_every_python_block_of_the_page_runs_in_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ran = run_blocks(PAGE, {"__name__": "__main__"})
    assert ran >= 6, f"only {ran} blocks of {PAGE} ran"


def test_the_readme_python_block_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run_blocks(README, {"__name__": "__main__"}) == 1


def test_a_failing_block_is_reported_with_its_line_and_markers_are_honoured(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n```python\nx = 1\n```\n\n"
                    "```python no-run\nmachine_only()\n```\n\n```text\nnot code\n```\n\n"
                    "```python\ny = x + 1\nassert y == 3, 'y is ' + str(y)\n```\n")
    namespace = {}
    with pytest.raises(AssertionError) as failed:
        run_blocks(str(page), namespace)
    assert f"{page}:17: the block at line 15 fails: AssertionError: y is 2" in str(failed.value)
    assert namespace["y"] == 2
    page.write_text("```python pending\nx = 1\n```\n")
    with pytest.raises(AssertionError, match="1: unknown block marker 'python pending'"):
        run_blocks(str(page), {})
