print("sideline")
