# Voilà configuration of the kit. btlgames.ui.serve.server reads this file and no other
# (Voila.config_file_paths is set to this folder only: nothing from ~/.jupyter or the
# current directory). Arguments given to the server on the command line win over it.
c = get_config()  # noqa: F821  (traitlets config file)

# Localhost only. ../server.py passes the address too and refuses any non-loopback one.
c.Voila.ip = "127.0.0.1"
c.Voila.open_browser = False

# The kit's template (templates/btlgames, based on Voilà's "lab"): nothing is loaded from
# outside this computer, and the tree page at / is the launcher (no kernel, no JavaScript).
c.VoilaConfiguration.template = "btlgames"
c.VoilaConfiguration.classic_tree = True
c.VoilaConfiguration.theme = "light"
c.VoilaConfiguration.show_tracebacks = False
# A page may not pick another template or theme by URL (?template=lab would load Voila's own
# template, which fetches Font Awesome from a CDN).
c.VoilaConfiguration.allow_template_override = "NO"
c.VoilaConfiguration.allow_theme_override = "NO"

# Kernels. Each open app page holds one kernel (~100 MiB). Voilà asks the server to shut a
# page's kernel down when the page unloads, but nothing does when the browser crashes, the
# laptop sleeps or the network drops: without culling those kernels live until the server
# stops. A kernel with a browser still connected is never culled (cull_connected=False), so
# a student idle on an open page keeps the game.
c.MappingKernelManager.cull_idle_timeout = 600  # seconds idle with no browser attached
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
# A cap, so a class reloading pages cannot exhaust the teacher's laptop (40 x ~100 MiB).
c.VoilaConfiguration.multi_kernel_manager_class = "btlgames.ui.serve.voila_app.KitKernelManager"
c.KitKernelManager.max_kernels = 40

# Apps run in the server's own Python (the kit's environment), whatever kernelspecs the
# computer has elsewhere: no kernelspec folders, only ipykernel's built-in "python3",
# which starts sys.executable.
c.VoilaConfiguration.kernel_spec_manager_class = "btlgames.ui.serve.voila_app.KitKernelSpecManager"

# A cell that never answers shows an error after this long instead of a spinner forever.
# The known cause of such hangs (ipykernel 7.0-7.3 stranding a request on its shell socket,
# ipykernel #1554, fixed in 7.4) is kept out by the ipykernel>=7.4 requirement; this is
# only a backstop. The slowest cell of the kit's notebooks takes a few seconds.
c.VoilaExecutor.timeout = 120

# The kit's languages, for the app pages' template (index.html.j2 remembers a page's ?lang=
# only when the kit has it, and shows Voila's loading words in it). Kit pages get theirs from
# btlgames.ui.serve.voila_app.LanguageMixin.
from btlgames.core.i18n import available_languages, t  # noqa: E402
from btlgames.ui.pages.launcher import page_titles  # noqa: E402

c.VoilaConfiguration.resources = {
    "btl_languages": available_languages(),
    "btl_titles": page_titles(),  # each app's browser-tab title (btl-title.html)
    "btl_loading": {lang: {"start": t("app.loading", lang), "step": t("app.loading_step", lang)}
                    for lang in available_languages()},
}
