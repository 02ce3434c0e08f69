"""A bounded memo kept per process: the last values made, by key, oldest used dropped first."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class BoundedMemo:
    """Values made once per process by key, at most `most` of them: the oldest used go first.

    For keys that name everything the value depends on (a table's poll
    markers, `ledger.selectors.state.markers`), so an entry is never stale
    for its key. Thread-safe; two threads making the same missing key both
    make it, and the last one kept wins.
    """

    def __init__(self, most: int):
        self._items: OrderedDict[tuple, object] = OrderedDict()
        self._lock = threading.Lock()
        self._most = most

    def get_or_make(self, key: tuple, make: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()
        with self._lock:
            self._items[key] = value
            while len(self._items) > self._most:
                self._items.popitem(last=False)
        return value
