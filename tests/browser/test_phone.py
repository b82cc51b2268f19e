"""A phone, 390 by 844 (issue 11, item 8): the orders come first, the page is never wider than the screen, each
ship of the Task Force Composition Board shows its task force selector beside it, and the Turn Record table
scrolls inside its own box instead of being cut off."""
import pytest
from playwright.sync_api import expect

from tests.browser.test_solomons_solo import SLOW, create_against_the_computer

pytestmark = pytest.mark.browser
WIDTH, HEIGHT = 390, 844


def fits_or_scrolls(page) -> list[str]:
    """The tables that stick out of the screen without a scroll of their own."""
    return page.evaluate("""w => Array.from(document.querySelectorAll('table')).filter(t => t.offsetParent).filter(t => {
        const r = t.getBoundingClientRect();
        const scrolls = t.scrollWidth > t.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(t).overflowX);
        let p = t.parentElement, inScroller = false;
        while (p && p !== document.body) {
          const s = getComputedStyle(p).overflowX;
          if ((s === 'auto' || s === 'scroll') && p.getBoundingClientRect().right <= w + 1) { inScroller = true; break; }
          p = p.parentElement;
        }
        return r.right > w + 1 && !scrolls && !inScroller;
      }).map(t => (t.className || 'table') + ': ' + t.textContent.trim().slice(0, 40))""", WIDTH)


@pytest.fixture
def phone(live_server, new_page):
    page = new_page(WIDTH, HEIGHT)
    create_against_the_computer(page, live_server.url, "allied")
    return page


def test_a_phone_shows_the_orders_first_and_no_table_is_cut_off(phone):
    page = phone
    prompt_top = page.locator("#prompt").bounding_box()["y"]
    assert prompt_top < HEIGHT, f"the orders start {prompt_top:.0f} px down"
    assert prompt_top < page.locator("#board").bounding_box()["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.get_by_text("Turn Record and Reinforcement chart").click()
    assert fits_or_scrolls(page) == []

    # the Task Force Composition Board, the Americans' first decision (no carrier of theirs can train on Game-Turn 1,
    # 6.21, so they are not asked): a ship and its task force selector side by side on the screen
    expect(page.locator("#prompt-title")).to_contain_text("Task Force Allocation", timeout=SLOW)
    ship = page.locator(".sol-alloc tr").nth(1)
    name, select = ship.locator("th").bounding_box(), ship.locator("select").bounding_box()
    assert select["x"] + select["width"] <= WIDTH and name["x"] >= 0
    assert select["y"] - name["y"] < 60                      # on the same screen line or the next one
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert fits_or_scrolls(page) == []
