// Getting Started's last step draws with TrellisRender, imported beside the others.
import TrellisRender
