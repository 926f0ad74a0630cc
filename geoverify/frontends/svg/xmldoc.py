"""Safe reading of SVG text into a small element tree.

The XML is read with :mod:`xml.parsers.expat` directly rather than with
svgelements' own loader, because svgelements expands entities, recurses without
bound and cannot report where an element is. Here:

- ``<!DOCTYPE`` and entity declarations are refused (no billion laughs, no XXE):
  :class:`~geoverify.errors.UnsafeInputError`;
- nesting deeper than ``Limits.max_depth`` and more elements than
  ``Limits.max_steps`` raise :class:`~geoverify.errors.BudgetExceededError`;
- malformed XML raises :class:`~geoverify.errors.FigureSyntaxError` with line,
  column and the offending line under a caret.

Namespaces are not resolved: an ``svg:`` prefix is dropped, ``xlink:href``
becomes ``href`` and any other prefixed element (``sodipodi:namedview``) keeps
its prefix, which marks it as foreign and unrendered.
"""

from __future__ import annotations

from xml.parsers import expat

from geoverify.errors import BudgetExceededError, FigureSyntaxError, SourceLocation, UnsafeInputError
from geoverify.frontends.limits import Limits

__all__ = ["Node", "read_xml", "TEXT_CONTAINERS"]

#: key of an element's first comment among its attributes (no XML attribute name starts with #)
COMMENT = "#comment"

# Elements whose character data matters; elsewhere it is only indentation.
TEXT_CONTAINERS = frozenset({"text", "tspan", "textPath", "style", "title", "a"})


class Node:
    """One XML element.

    Attributes
    ----------
    tag : str
        Local name (``"path"``), or ``"prefix:name"`` for foreign elements.
    attrs : dict of str to str
        Attributes; ``xlink:href`` is stored as ``href``.
    children : list of Node or str
        Child elements in order; strings are character data (kept only inside
        text-bearing elements).
    parent : Node or None
    line, column : int
        1-based position of the start tag.
    """

    __slots__ = ("tag", "attrs", "children", "parent", "line", "column")

    def __init__(self, tag, attrs, parent, line, column):
        self.tag = tag
        self.attrs = attrs
        self.children = []
        self.parent = parent
        self.line = line
        self.column = column

    def elements(self):
        """Child elements (no character data)."""
        return [c for c in self.children if isinstance(c, Node)]

    def text_content(self) -> str:
        """All character data below this element, in document order."""
        out = []
        stack = [self]
        while stack:
            n = stack.pop()
            if isinstance(n, str):
                out.append(n)
            else:
                stack.extend(reversed(n.children))
        return "".join(out)

    def __repr__(self) -> str:
        return f"<{self.tag} line {self.line}>"


def _local_attrs(attrs: dict) -> dict:
    out = {}
    for k, v in attrs.items():
        if ":" in k:
            prefix, local = k.split(":", 1)
            if prefix == "xlink" or prefix == "svg":
                # xlink:href and href mean the same; plain href wins when both exist.
                out.setdefault(local, v)
            elif prefix == "xml" and local == "space":
                out["xml:space"] = v
            continue
        out[k] = v
    return out


def _context(text: str, line: int, column: int) -> str | None:
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    src = lines[line - 1]
    if len(src) > 160:
        start = max(0, column - 80)
        src = src[start:start + 160]
        column -= start
    return f"{src}\n{' ' * max(0, column - 1)}^"


def read_xml(text: str, *, filename: str | None = None, limits: Limits) -> tuple[Node, dict[str, Node]]:
    """Parse SVG text into a tree of :class:`Node`.

    Parameters
    ----------
    text : str
    filename : str, optional
        Used in error locations.
    limits : Limits

    Returns
    -------
    root : Node
        The outermost element.
    ids : dict of str to Node
        Elements by their ``id`` (first occurrence wins, as in browsers).
    """
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    max_depth = limits.max_depth
    max_elements = limits.max_steps
    state = {"depth": 0, "count": 0}
    root_holder: list[Node] = []
    ids: dict[str, Node] = {}
    stack: list[Node] = []

    def where() -> SourceLocation:
        return SourceLocation(parser.CurrentLineNumber, parser.CurrentColumnNumber + 1, filename, None)

    def start(name, attrs):
        state["depth"] += 1
        state["count"] += 1
        if state["depth"] > max_depth:
            raise BudgetExceededError(
                f"SVG elements nested deeper than {max_depth} levels (Limits.max_depth)", location=where()
            )
        if state["count"] > max_elements:
            raise BudgetExceededError(
                f"SVG has more than {max_elements} elements (Limits.max_steps)", location=where()
            )
        if ":" in name:
            prefix, local = name.split(":", 1)
            if prefix == "svg":
                name = local
        parent = stack[-1] if stack else None
        node = Node(name, _local_attrs(attrs) if attrs else {}, parent,
                    parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if parent is None:
            if root_holder:
                return
            root_holder.append(node)
        else:
            parent.children.append(node)
        ident = node.attrs.get("id")
        if ident is not None and ident not in ids:
            ids[ident] = node
        stack.append(node)

    def end(name):
        state["depth"] -= 1
        stack.pop()

    def chars(data):
        if stack and stack[-1].tag in TEXT_CONTAINERS:
            stack[-1].children.append(data)

    def comment(data):
        # the first comment of an element (matplotlib writes a text's string as a comment
        # before the glyph outlines it draws: <g id="text_1"><!-- $A$ -->...)
        if stack and COMMENT not in stack[-1].attrs:
            stack[-1].attrs[COMMENT] = data.strip()

    def doctype(name, sysid, pubid, has_internal):
        # <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "...dtd"> (matplotlib writes it): the
        # external DTD is never loaded. An internal subset could declare entities: refused.
        if has_internal:
            raise UnsafeInputError(
                "SVG with an internal DTD subset (<!DOCTYPE ... [ ... ]>) refused (DTDs and entities are "
                "never processed; remove the subset)", location=where(),
            )

    def entity(*args):
        raise UnsafeInputError("SVG with an <!ENTITY> declaration refused (entities are never expanded)",
                               location=where())

    def external(*args):
        raise UnsafeInputError("SVG refers to an external entity; external resources are never loaded",
                               location=where())

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.CommentHandler = comment
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        line, col = exc.lineno, exc.offset + 1
        msg = expat.errors.messages.get(exc.code, str(exc))
        raise FigureSyntaxError(
            f"SVG is not well-formed XML: {msg}",
            location=SourceLocation(line, col, filename, None),
            context=_context(text, line, col),
        ) from None
    if not root_holder:
        raise FigureSyntaxError("SVG contains no element", location=SourceLocation(1, 1, filename, None))
    return root_holder[0], ids
