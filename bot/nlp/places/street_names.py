"""Street names common across US towns, so a city works before its own list (its pack) is complete.

A resident of any town may write "88 Juniper", "calle Laurel" or "on Sycamore" before the city's list
has Juniper in it. These names add to the packs' streets in the entity ruler (bot.nlp.places.patterns)
and, said exactly, after "on"/"along"/"down" (bot.nlp.places). They never count as a street of the
city (`bot.nlp.places.streets.names_a_city_place` and the form's spelling check use the packs alone).

`DISTINCTIVE`: names that are seldom anything but a street or a tree, found like a pack's street.
`ORDINARY_WORDS`: names that are also ordinary words ("spring", "court"), streets only with their type,
after a house number in capitals, or in a corner with "corner of".
"""

from __future__ import annotations

DISTINCTIVE: frozenset[str] = frozenset(
    """
    juniper poplar sycamore laurel aspen magnolia hemlock dogwood redwood cypress locust mulberry hawthorne
    hawthorn sassafras tamarack basswood cottonwood hickory chestnut walnut willow birch spruce cedar maple
    elm oak pine ash linden alder beech buckeye catalpa larch boxelder ironwood hackberry
    madison monroe jefferson lincoln washington franklin garfield mckinley roosevelt lafayette
    lakeview hillside riverside riverview woodland lakeshore parkview greenwood oakwood elmwood maplewood
    pinewood edgewood wildwood briarwood kingswood brookside creekside hillcrest fairview westview eastview
    northview southview bayview broadway
    """.split()
)

ORDINARY_WORDS: frozenset[str] = (
    frozenset(
        """
    spring liberty union market bridge broad court academy college pleasant summit elm cherry holly
    locust laurel
    """.split()
    )
    - DISTINCTIVE
)


def display(name: str) -> str:
    """ "mckinley" -> "Mckinley": the form the packs write."""
    return name[:1].upper() + name[1:]
