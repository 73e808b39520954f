// TrellisRender
