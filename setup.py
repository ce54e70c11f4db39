"""Finds Bridge's packages for setuptools (everything else is in pyproject.toml).

``find_packages`` finds ``bridge`` and every package under it, so a new package is never
left out of the wheel; ``find_namespace_packages`` finds the data folders of resources/,
which installs as ``bridge_resources``. The screenshots stay out of the wheel.
"""

from setuptools import find_namespace_packages, find_packages, setup

RESOURCES = [
    f"bridge_resources.{name}"
    for name in find_namespace_packages("resources", exclude=["screenshots", "screenshots.*"])
]

setup(packages=[*find_packages(include=["bridge", "bridge.*"]), "bridge_resources", *RESOURCES])
