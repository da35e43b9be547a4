"""What the API language tests share: a reader of each language (its ``Accept-Language``) and how
to spot Chinese; the server they ask is ``conftest.py``'s ``client``."""

from __future__ import annotations

import re

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
CHINESE = {"Accept-Language": "zh-CN,zh;q=0.9"}
CJK = re.compile(r"[\u4e00-\u9fff]")
