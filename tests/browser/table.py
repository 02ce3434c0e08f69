"""What the browser tests of a night share: phones, the table they agree on, the host's moves.

A `Phone` is one browser context on one page that records every request to
another host and every refusal by the Content-Security-Policy; a `Table` is
the phones checked together (step, pots, stacks, the riding pot) after every
host action. The host's moves on the Deal tab (`set_up`, `start`, `press`,
`book`, `showdown`) each wait for the page the server answers with and check
that no write was refused.
"""

import re
from urllib.parse import urlparse

from playwright.sync_api import expect

from tests.browser.checks import check_page, checked_paths, console_errors, other_hosts

HOST = "host"
PASSWORD = "deal-me-in-9"
# Every phone polls every 2 s: a change shows by the next poll's answer.
POLLED = 2_500
# A write the ledger refused answers with the same page and its reason in this banner.
REFUSED = "p.banner[role=alert]"


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


class Phone:
    """One browser context on one page, and what went wrong on it.

    It records every request to another host and every console error (a
    refusal by the Content-Security-Policy is one), and every page it opens:
    `check` holds the page as it stands to the phone checks (360 px, tap
    targets, axe-core), and `problems` names any page opened and never checked.
    """

    def __init__(self, context, site_host: str, name: str):
        self.name = name
        self.elsewhere = other_hosts(context, site_host)
        self.errors = console_errors(context)
        self.page = context.new_page()
        self.opened: set[str] = set()
        self.page.on("framenavigated", self._opened)

    def _opened(self, frame) -> None:
        if frame.parent_frame is None:
            self.opened.add(urlparse(frame.url).path)

    def check(self, *, open_details: bool = False) -> None:
        """The page as it stands: no sideways scroll, no small target, no serious axe finding."""
        check_page(self.page, open_details=open_details)

    def on_deal_tab(self) -> bool:
        return "/deal/" in self.page.url

    def problems(self) -> list[str]:
        never = sorted(self.opened - checked_paths(self.page) - {""})
        return [
            *(f"asked {url}" for url in self.elsewhere),
            *self.errors,
            *(f"never checked {path}" for path in never),
        ]


class Table:
    """The four phones at the table, checked together after every host action."""

    def __init__(self, host: Phone, *others: Phone):
        self.host = host
        self.phones = [host, *others]

    def agree(self, step: str | None, pots: list[str] | None = None) -> None:
        """Every phone shows this step (None: no hand open) and these pots, within 2 s.

        `pots` are the pots' labels and amounts ("Main pot: 60"); None reads them
        from the host's page, for the middle of a betting round.
        """
        if pots is None:
            pots = [p.strip() for p in self.host.page.locator(".pots li strong").all_inner_texts()]
        for phone in self.phones:
            page = phone.page
            now = page.locator("#step-now")
            if step is None:
                expect(now, phone.name).to_have_count(0, timeout=POLLED)
            elif phone.on_deal_tab():
                expect(now.locator("h2"), phone.name).to_have_text(step, timeout=POLLED)
            else:
                expect(now, phone.name).to_contain_text(f"now: {step}.", timeout=POLLED)
            expect(page.locator(".pots li strong"), phone.name).to_have_text(pots, timeout=POLLED)
            phone.check()

    def stacks(self, **stacks: int) -> None:
        """The chips in front of each player, the same on every phone."""
        for phone in self.phones:
            for name, chips in stacks.items():
                seat = phone.page.locator("#deal .seat, #table .seat").filter(has_text=name)
                expect(seat.locator(".chips strong"), f"{phone.name}: {name}").to_have_text(
                    str(chips), timeout=POLLED
                )

    def rides(self, chips: int | None) -> None:
        for phone in self.phones:
            riding = phone.page.locator(".rides")
            if chips is None:
                expect(riding, phone.name).to_have_count(0, timeout=POLLED)
            else:
                expect(riding, phone.name).to_contain_text(f"Pot rides: {chips}", timeout=POLLED)


def sign_in(page, site: str, path: str) -> None:
    """Open `path` signed out, sign in as the host on the page it sends you to, and land back."""
    page.goto(f"{site}{path}")
    page.wait_for_url(re.compile(r"/accounts/login/"))
    check_page(page)
    page.get_by_label("Username").fill(HOST)
    page.get_by_label("Password").fill(PASSWORD)
    with page.expect_navigation():
        button(page, "Sign in").click()
    page.wait_for_url(f"{site}{path}")
    check_page(page)


def create_the_night_anyway(page) -> None:
    """ "Create the night" with chips that cannot pay some games' amounts: warned, then kept."""
    button(page, "Create the night").click()
    expect(page.locator("#chip-fit")).to_contain_text("cannot pay exactly")
    button(page, "Create it anyway, with these chips").click()


def sign_in_and_seat(page, site: str, night: str, buy_ins: dict[str, int]) -> str:
    """Sign in as the host, create the night (white chips at 0.25, ante 1), seat and buy in.

    `buy_ins` names the players in seat order with the chips each buys. The
    answer is the seats page's URL.
    """
    sign_in(page, site, "/nights/new/")
    page.get_by_label("Night:", exact=True).fill(night)
    page.get_by_label("Group (the regulars)").fill("The kitchen table")
    page.locator("#chip_name_0").fill("white")
    page.locator("#chip_value_0").fill("0.25")
    page.get_by_label("Ante (chips each):").fill("1")
    create_the_night_anyway(page)
    page.wait_for_url(re.compile(r"/nights/\d+/seats/$"))
    for name in buy_ins:
        page.get_by_label("Name", exact=True).fill(name)
        with page.expect_navigation():
            button(page, "Take a seat").click()
    for name, chips in buy_ins.items():
        field = page.get_by_label(f"Chips to buy for {name}")
        field.fill(str(chips))
        with page.expect_navigation():
            field.press("Enter")
    seated = [f"{i} · {name} {chips}" for i, (name, chips) in enumerate(buy_ins.items(), 1)]
    expect(page.locator(".seat-card h2")).to_have_text(seated)
    check_page(page, open_details=True)
    return page.url


def seat_card(page, name: str):
    """A seat's card on the seats page, found by its heading: each card's cash choices name all."""
    return page.locator(".seat-card").filter(
        has=page.locator("h2", has_text=re.compile(rf"· {re.escape(name)}\b"))
    )


def join_url(page, name: str) -> str:
    return seat_card(page, name).locator("a[href*='/join/']").get_attribute("href")


def claim(phone: Phone, url: str, seat: str, table_url: str) -> None:
    phone.page.goto(url)
    expect(phone.page.locator(".big-name")).to_have_text(seat)
    check_page(phone.page)
    button(phone.page, "This is me").click()
    phone.page.wait_for_url(table_url)
    phone.check()


def set_up(page, game: str, heading: str) -> None:
    """From the Deal tab with no game open, choose `game` and reach its setup page."""
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    page.get_by_label("Game", exact=True).select_option(game)
    with page.expect_navigation():
        button(page, "Set it up").click()
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    check_page(page, open_details=True)


def pick(page, option: str) -> None:
    """Tick a house option on the setup page and wait for the page to redraw its amounts.

    The redraw (htmx) replaces the form: a choice made before it lands would be drawn over.
    """
    with page.expect_response(lambda answer: "/games/new/" in answer.url):
        page.get_by_label(option, exact=True).check()
    page.wait_for_load_state("networkidle")


def start(page, name: str, *, dealer: str | None = None) -> None:
    if dealer is not None:
        page.get_by_label("Dealer", exact=True).select_option(label=dealer)
    with page.expect_navigation():
        # A game with amounts the table agrees says so on its button.
        start_name = re.compile(rf"^(Start|Confirm the amounts, start) {re.escape(name)} and deal$")
        page.get_by_role("button", name=start_name).click()
    expect(page.locator(REFUSED)).to_have_count(0)


def press(page, name: str) -> None:
    """A POST button on the Deal tab, answered with the Deal tab again."""
    with page.expect_navigation():
        button(page, name).click()
    expect(page.locator(REFUSED)).to_have_count(0)


def next_step(page, title: str) -> None:
    press(page, f"Next: {title} →")


def check_around(page, *names: str) -> None:
    """A betting round on the Table tab where each named player checks in turn, then none acts."""
    turn = page.locator("#table .turn")
    for name in names:
        expect(turn).to_contain_text(f"{name} to act: nothing to call")
        button(page, "Check").click()
        expect(page.locator(REFUSED)).to_have_count(0)
    expect(turn).to_have_count(0)


def name_who(page, words: str, *names: str) -> None:
    """Record what the step asks ("Who passes"), ticking these players (none: nobody)."""
    form = page.locator("#deal form").filter(has=button(page, f"Record: {words}"))
    for name in names:
        form.get_by_label(name, exact=True).check()
    press(page, f"Record: {words}")


def charge_form(page, rule: str):
    return page.locator("#deal form").filter(
        has=page.locator(f'input[name="rule"][value="{rule}"]')
    )


def book(page, rule: str, *, who: str | None = None, count: int | None = None) -> None:
    """Book one firing of `rule` (its id) from its form; its button says what it does."""
    form = charge_form(page, rule)
    if who is not None:
        form.get_by_label(who, exact=True).check()
    if count is not None:
        form.get_by_label(re.compile(r"^How many")).fill(str(count))
    with page.expect_navigation():
        form.get_by_role("button").click()
    expect(page.locator(REFUSED)).to_have_count(0)


def showdown(
    page,
    *,
    winners: tuple[str, ...] = (),
    fire: dict[str, list[str]] | None = None,
    nobody: bool = False,
) -> None:
    """Book the showdown: fire each rule for the seats named, tick the main pot's winners."""
    form = page.locator("form").filter(has=button(page, "Book the showdown"))
    for rule, seats in (fire or {}).items():
        form.locator(f'input[name="fire"][value="{rule}"]').check()
        firing = form.locator("fieldset.firing").filter(has=page.locator(f'[value="{rule}"]'))
        for name in seats:
            firing.get_by_label(name, exact=True).check()
    pot = form.locator("fieldset").filter(has_text=re.compile(r"^Main pot"))
    for name in winners:
        pot.get_by_label(name, exact=True).check()
    if nobody:
        form.get_by_label(re.compile(r"^Nobody wins")).check()
    press(page, "Book the showdown")


def to_tab(page, name: str, url: str) -> None:
    page.locator("nav.tabs").get_by_role("link", name=name, exact=True).click()
    page.wait_for_url(re.compile(url))


def cells(rows) -> list[list[str]]:
    return rows.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")
