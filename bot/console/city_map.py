"""A map of open complaints, where the city provides address points (pack data, `map:` section):

    map:
      address_points: maps/kellogg-address-points.csv   # address,latitude,longitude (a county GIS export)
      tiles_url: https://tile.openstreetmap.org/{z}/{x}/{y}.png   # the city's tile server

Drawn on the server as SVG: the tiles are <image> elements from the city's URL, the complaints are markers at
their address points (Web Mercator, the projection tile servers use). No script, nothing fetched by the console
itself; a page without the tiles still shows the markers. Without address points the block table stands in.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from bot.cases.weekly import WeekRow
from bot.jurisdictions import Pack
from bot.nlp.places.normalise import normalise_address

TILE = 256
WIDTH, HEIGHT, PADDING = 720, 420, 28
MAX_ZOOM, MIN_ZOOM = 18, 3


@dataclass(frozen=True)
class Marker:
    reference: str
    type: str
    place: str
    x: float
    y: float


@dataclass(frozen=True)
class Tile:
    x: float
    y: float
    url: str


@dataclass(frozen=True)
class CityMap:
    city: str
    width: int
    height: int
    zoom: int
    tiles: tuple[Tile, ...]
    markers: tuple[Marker, ...]
    unplaced: int  # open complaints whose address has no address point


def map_settings(pack: Pack) -> tuple[Path, str] | None:
    """(address points file, tiles URL) when the pack provides address points, else None."""
    section = pack.extra.get("map") or {}
    if not isinstance(section, dict) or not section.get("address_points"):
        return None
    return pack.directory / str(section["address_points"]), str(section.get("tiles_url") or "")


@lru_cache(maxsize=8)
def address_points(path: Path) -> dict[str, tuple[float, float]]:
    """Normalised address -> (latitude, longitude), from a CSV with a header; lines starting '#' are notes."""
    with path.open(encoding="utf-8") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        points = {}
        for row in rows:
            key = normalise_address(row["address"])
            if key:
                points[key] = (float(row["latitude"]), float(row["longitude"]))
        return points


def world_pixels(latitude: float, longitude: float, zoom: int) -> tuple[float, float]:
    """Web Mercator: a point's pixel on the whole world's map at `zoom`."""
    scale = TILE * 2**zoom
    sin = math.sin(math.radians(max(min(latitude, 85.0511), -85.0511)))
    x = (longitude + 180.0) / 360.0 * scale
    y = (0.5 - math.log((1 + sin) / (1 - sin)) / (4 * math.pi)) * scale
    return x, y


def _fit_zoom(points: list[tuple[float, float]]) -> int:
    for zoom in range(MAX_ZOOM, MIN_ZOOM - 1, -1):
        xs, ys = zip(*(world_pixels(lat, lon, zoom) for lat, lon in points), strict=True)
        if max(xs) - min(xs) <= WIDTH - 2 * PADDING and max(ys) - min(ys) <= HEIGHT - 2 * PADDING:
            return zoom
    return MIN_ZOOM


def _tiles(left: float, top: float, zoom: int, url: str) -> tuple[Tile, ...]:
    if not url:
        return ()
    first_x, first_y = int(left // TILE), int(top // TILE)
    last_x, last_y = int((left + WIDTH) // TILE), int((top + HEIGHT) // TILE)
    return tuple(
        Tile(tx * TILE - left, ty * TILE - top, url.format(z=zoom, x=tx, y=ty))
        for tx in range(first_x, last_x + 1)
        for ty in range(first_y, last_y + 1)
    )


def city_map(rows: list[WeekRow], pack: Pack) -> CityMap | None:
    """The open complaints of `rows` in `pack`'s city placed on its map; None without address points."""
    found = map_settings(pack)
    if found is None:
        return None
    path, tiles_url = found
    points = address_points(path)
    placed = [(r, points[r.location_normalised]) for r in rows if r.location_normalised in points]
    if not placed:
        return CityMap(pack.name, WIDTH, HEIGHT, MIN_ZOOM, (), (), len(rows))
    zoom = _fit_zoom([p for _, p in placed])
    pixels = [world_pixels(lat, lon, zoom) for _, (lat, lon) in placed]
    xs, ys = zip(*pixels, strict=True)
    left = (min(xs) + max(xs)) / 2 - WIDTH / 2
    top = (min(ys) + max(ys)) / 2 - HEIGHT / 2
    markers = tuple(
        Marker(r.reference, r.type, r.location_normalised or "", x - left, y - top)
        for (r, _), (x, y) in zip(placed, pixels, strict=True)
    )
    return CityMap(
        pack.name, WIDTH, HEIGHT, zoom, _tiles(left, top, zoom, tiles_url), markers, len(rows) - len(placed)
    )
