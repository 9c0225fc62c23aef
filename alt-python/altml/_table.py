"""A small pandas-free table: rows of named columns that print aligned, in notebooks too (``_repr_html_``)."""

import html


class Table:
    """Rows (dicts) under named columns. ``len(t)``, ``t[i]`` (a row), iteration over rows, ``t.column(name)``,
    ``t.to_dicts()``; ``print(t)`` aligns the columns; ``pandas.DataFrame(t.to_dicts())`` when pandas is at hand."""

    def __init__(self, columns, rows):
        self.columns = list(columns)
        self.rows = [dict(row) for row in rows]

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, i):
        return self.rows[i]

    def column(self, name):
        """The values of column ``name``, in row order."""
        if name not in self.columns:
            raise KeyError(f"no column {name!r} (columns: {', '.join(self.columns)})")
        return [row.get(name) for row in self.rows]

    def to_dicts(self):
        """The rows as a list of dicts (copies)."""
        return [dict(row) for row in self.rows]

    def where(self, **equal):
        """The rows whose columns equal the given values."""
        return Table(self.columns, [r for r in self.rows if all(r.get(k) == v for k, v in equal.items())])

    @staticmethod
    def _cell(value):
        if value is None:
            return ""
        if isinstance(value, float):
            return f"{value:.4f}" if abs(value) < 1e5 else f"{value:.4g}"
        return str(value)

    def __str__(self):
        cells = [[self._cell(r.get(c)) for c in self.columns] for r in self.rows]
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(self.columns)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip()]
        for row in cells:
            lines.append("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())
        return "\n".join(lines)

    def __repr__(self):
        return f"Table({len(self.rows)} rows: {', '.join(self.columns)})\n{self}"

    def _repr_html_(self):
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(self._cell(r.get(c)))}</td>" for c in self.columns) + "</tr>"
                       for r in self.rows)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
