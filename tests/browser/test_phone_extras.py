"""What a phone adds at the table: the screen kept on, "Send the result", and installing.

Headless Chromium has a wake lock but no way to see it, no `navigator.share`, and never fires
`beforeinstallprompt`: each is stubbed or dispatched here, as the real browser would.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

from .browser_helpers import ARTIFACTS
from .offline_helpers import thumb

# A wake lock that counts requests, and a page whose visibility the test can change.
WAKE_STUB = """
(() => {
  window.wakeRequests = 0;
  let visible = 'visible';
  Object.defineProperty(document, 'visibilityState', {get: () => visible, configurable: true});
  Object.defineProperty(document, 'hidden', {get: () => visible !== 'visible', configurable: true});
  window.setVisibility = (state) => {
    visible = state;
    if (state === 'hidden') window.wakeSentinels.forEach((s) => s.fire());
    document.dispatchEvent(new Event('visibilitychange'));
  };
  window.wakeSentinels = [];
  Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
    request: async (type) => {
      window.wakeRequests += 1;
      const listeners = [];
      const sentinel = {
        type, released: false,
        addEventListener: (name, listener) => listeners.push(listener),
        release: async () => { sentinel.fire(); },
        fire: () => { if (!sentinel.released) { sentinel.released = true;
          listeners.forEach((l) => l(new Event('release'))); } },
      };
      window.wakeSentinels.push(sentinel);
      return sentinel;
    },
  }});
})();
"""

# navigator.share, as a phone has it: records what it was given.
SHARE_STUB = """
(() => {
  window.shared = null;
  navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
  navigator.share = async (data) => {
    const file = data.files[0];
    const bytes = new Uint8Array(await file.arrayBuffer());
    window.shared = {name: file.name, type: file.type, size: file.size, title: data.title,
                     head: Array.from(bytes.slice(0, 8))};
  };
})();
"""

PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10]


def start(phone) -> int:
    pk = phone.start_match(dealer="First player deals")
    phone.set_upcard("TC")
    return pk


def test_the_screen_is_kept_on_on_the_scoreboard_and_taken_again_after_a_return(phone):
    page = phone.page
    page.add_init_script(WAKE_STUB)
    start(phone)
    page.wait_for_function("() => window.wakeRequests === 1")
    switch = page.get_by_role("switch", name="Keep the screen on")
    expect(switch).to_be_checked()

    page.evaluate("() => window.setVisibility('hidden')")
    page.evaluate("() => window.setVisibility('visible')")
    page.wait_for_function("() => window.wakeRequests === 2")

    # Switched off, and remembered: no lock on this page or the next.
    thumb(page, switch)
    expect(switch).not_to_be_checked()
    assert page.evaluate("() => window.wakeSentinels.every((s) => s.released)")
    page.reload()
    expect(page.get_by_role("switch", name="Keep the screen on")).not_to_be_checked()
    page.evaluate("() => window.setVisibility('hidden')")
    page.evaluate("() => window.setVisibility('visible')")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.wakeRequests") == 0


def test_nothing_breaks_where_there_is_no_wake_lock(phone):
    page = phone.page
    page.add_init_script("delete Navigator.prototype.wakeLock")
    start(phone)
    expect(page.get_by_role("switch", name="Keep the screen on")).to_be_hidden()
    phone.check_layout()


def test_send_the_result_hands_a_png_to_the_phone(phone):
    page = phone.page
    page.add_init_script(SHARE_STUB)
    start(phone)
    thumb(page, page.get_by_role("link", name="Send the result"))
    page.wait_for_function("() => window.shared !== null")
    shared = page.evaluate("() => window.shared")
    assert shared["type"] == "image/png"
    assert shared["head"] == PNG_SIGNATURE
    assert shared["size"] > 5000
    assert shared["name"].startswith("oklahoma-gin-alice-bob-") and shared["name"].endswith(".png")
    assert shared["title"] == "Alice – Bob"


@pytest.mark.browser_context_args(color_scheme="dark")
def test_send_the_result_downloads_the_png_where_the_phone_cannot_send_files(phone):
    page = phone.page
    start(phone)
    assert page.evaluate("() => navigator.share === undefined")
    link = page.get_by_role("link", name="Send the result")
    expect(link).to_have_attribute("href", re.compile(r"theme=dark"))
    with page.expect_download() as waiting:
        thumb(page, link)
    download = waiting.value
    assert download.suggested_filename.startswith("oklahoma-gin-alice-bob-")
    picture = Image.open(io.BytesIO(download.path().read_bytes()))
    assert picture.format == "PNG" and picture.size == (1200, 630)
    # Dark: the background is the dark palette's.
    assert picture.convert("RGB").getpixel((5, 5)) == (18, 20, 23)


INSTALL_EVENT = """
() => {
  const event = new Event('beforeinstallprompt', {cancelable: true});
  event.prompt = () => { window.prompted = (window.prompted || 0) + 1; return Promise.resolve(); };
  event.userChoice = Promise.resolve({outcome: 'accepted'});
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
"""


def test_the_install_offer_comes_once_and_never_on_the_first_visit(phone):
    page = phone.page
    pk = start(phone)
    offer = page.locator("[data-install-offer]")
    # The first visit: the browser's own banner is held back, and nothing is offered.
    assert page.evaluate(INSTALL_EVENT) is True
    expect(offer).to_be_hidden()

    # The next visit (a new tab: the browser was opened again).
    again = page.context.new_page()
    again.goto(f"{phone.base_url}/matches/{pk}/")
    again.evaluate(INSTALL_EVENT)
    offer = again.locator("[data-install-offer]")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Add Oklahoma Gin to the home screen")
    expect(offer.locator("[data-install-ios]")).to_be_hidden()
    thumb(again, offer.get_by_role("button", name="Install"))
    expect(offer).to_be_hidden()
    assert again.evaluate("() => window.prompted") == 1

    # Once: not again, on any later visit.
    third = page.context.new_page()
    third.goto(f"{phone.base_url}/matches/{pk}/")
    third.evaluate(INSTALL_EVENT)
    third.wait_for_timeout(200)
    expect(third.locator("[data-install-offer]")).to_be_hidden()


IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
)


@pytest.mark.browser_context_args(user_agent=IPHONE)
def test_an_iphone_is_shown_the_home_screen_steps(phone):
    page = phone.page
    pk = start(phone)
    expect(page.locator("[data-install-offer]")).to_be_hidden()  # not on the first visit
    again = page.context.new_page()
    again.goto(f"{phone.base_url}/matches/{pk}/")
    offer = again.locator("[data-install-offer]")
    expect(offer).to_be_visible()
    steps = offer.locator("[data-install-ios]")
    expect(steps).to_be_visible()
    expect(steps).to_contain_text("tap the Share button")
    expect(steps).to_contain_text("Add to Home Screen")
    expect(offer.get_by_role("button", name="Install")).to_be_hidden()
    offer.scroll_into_view_if_needed()
    again.screenshot(path=ARTIFACTS / "install-ios-steps.png", animations="disabled")
    thumb(again, steps.get_by_role("button", name="Got it"))
    expect(offer).to_be_hidden()


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_without_javascript_the_scoreboard_is_as_before_and_the_result_downloads(phone):
    page = phone.page
    phone.start_match(dealer="First player deals")
    for hidden in ("#offline-banner", "#queue", "[data-install-offer]", "[data-wake-switch]"):
        expect(page.locator(hidden)).to_be_hidden()
    phone.set_upcard("TC")  # a plain POST and redirect, as before
    expect(page.locator(".limit .num")).to_have_text("10")
    with page.expect_download() as waiting:
        thumb(page, page.get_by_role("link", name="Send the result"))
    picture = Image.open(io.BytesIO(waiting.value.path().read_bytes()))
    assert picture.size == (1200, 630)
    assert picture.convert("RGB").getpixel((5, 5)) == (244, 241, 234)  # light, as the link says
