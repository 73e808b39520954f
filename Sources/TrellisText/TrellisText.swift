// TrellisText
