package app.holeout;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
