"""tikz-3dplot frames and points (geoverify.frontends.tikz.tdplot).

The expected paths are latex + dvisvgm's for the same picture (bp, y down), taken
relative to the first path's first point.
"""

from __future__ import annotations

from tikz_fixtures import assert_polylines_match_tex

FIGURE = r"""\tdplotsetmaincoords{70}{110}
\begin{tikzpicture}[tdplot_main_coords]
\draw (0,0,0) -- (1,0,0) -- (1,1,0) -- (1,1,1);
\tdplotsetcoord{P}{1}{50}{70}
\draw (0,0,0) -- (P) -- (Pxy) -- (Pz);
\tdplotsetthetaplanecoords{70}
\draw[tdplot_rotated_coords] (0,0,0) -- (1,0,0) -- (1,1,0) -- (1,1,1);
\tdplotsetrotatedcoords{10}{20}{30}
\tdplotsetrotatedcoordsorigin{(P)}
\draw[tdplot_rotated_coords] (0,0,0) -- (1,0,0) -- (1,1,0) -- (1,1,1);
\end{tikzpicture}"""

TEX = [
    [(-52.144533, -43.968748), (-61.83985, -34.85937), (-35.1992, -31.543), (-35.1992, -58.1797)],
    [(-52.144533, -43.968748), (-35.5078, -56.3164), (-35.5078, -39.19531), (-52.144533, -61.0898)],
    [(-52.144533, -43.968748), (-52.144533, -70.6055), (-30.4297, -64.375), (-12.207, -71.8008)],
    [(-35.5078, -56.3164), (-25.5586, -39.8164), (.9336, -47.39844), (-.75, -69.1641)],
]


def test_frames_and_points_match_tex():
    assert_polylines_match_tex(FIGURE, TEX)
