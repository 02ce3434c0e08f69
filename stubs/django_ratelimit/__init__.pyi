ALL: tuple[None]
UNSAFE: list[str]
