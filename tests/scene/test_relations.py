import numpy as np

from geoverify.scene import Arrow, Circle, Dot, Polyline, Scene, TextLabel, relation_graph


def edges(g, rel):
    return {tuple(sorted((a, b))) for a, b, d in g.edges(data=True) if d["relation"] == rel}


def test_relations():
    s = Scene()
    c = s.add(Circle(center=(0, 0), radius=100))
    seg = s.add(Polyline(points=[[100, 0], [200, 0]]))
    seg2 = s.add(Polyline(points=[[200, 0], [200, 80]]))
    d_on = s.add(Dot(center=(0, 100), radius=2))
    d_off = s.add(Dot(center=(0, 50), radius=2))
    lab = s.add(TextLabel(text="P", anchor=(6, 108)))
    arr = s.add(Arrow(tip=(200, 80), direction=(0, 1), carrier=seg2))
    g = relation_graph(s)
    assert (c, d_on) in edges(g, "incident") and not any(d_off in e for e in edges(g, "incident"))
    assert (seg, seg2) in edges(g, "shares-endpoint")
    assert (seg2, arr) in edges(g, "carries")
    assert (d_on, lab) in edges(g, "label-near")
    assert g.nodes[c]["kind"] == "circle"
